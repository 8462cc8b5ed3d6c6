// Driving the order form as a trader does: choose type and side, submit, approve the confirmation.
import { expect, type Page } from '@playwright/test'
import { placedOrderId } from './helpers'

/** Sets type and side of the order form. */
export async function chooseOrder(page: Page, type: 'MARKET' | 'LIMIT' | 'STOP_LIMIT', side: 'BUY' | 'SELL'): Promise<void> {
  await page.getByTestId(`order-type-${type}`).click()
  await page.getByTestId(`order-side-${side}`).click()
  await expect(page.getByTestId(`order-type-${type}`)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId(`order-side-${side}`)).toHaveAttribute('aria-checked', 'true')
}

/** Submits the filled-in form, approves the confirmation and returns the id the exchange gave. */
export async function submitAndConfirm(page: Page): Promise<number> {
  await expect(page.getByTestId('order-submit')).toBeEnabled()
  await page.getByTestId('order-submit').click()
  const dialog = page.getByTestId('order-confirm')
  await expect(dialog).toBeVisible()
  await page.getByTestId('order-confirm-ok').click()
  await expect(dialog).toBeHidden()
  return placedOrderId(page)
}
