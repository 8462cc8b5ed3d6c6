// For component tests that mount into document.body (dialogs and modals teleport there): find by
// test id, type into a field, and submit the form a control belongs to, as a trader's keys would.
import { flushPromises } from '@vue/test-utils'

export const $ = (testId: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testId}"]`)

/** Sets the field's text and sends the input event a keystroke would. */
export async function typeInto(testId: string, value: string): Promise<void> {
  const input = $(testId) as HTMLInputElement
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

/** Submits the form that holds `testId` (Enter in a field, or its submit button). */
export async function submitFormOf(testId: string): Promise<void> {
  $(testId)!
    .closest('form')!
    .dispatchEvent(new Event('submit', { cancelable: true }))
  await flushPromises()
}
