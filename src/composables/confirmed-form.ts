// A form checked as it is typed, reviewed, then confirmed before anything is sent (the protect form,
// the start of an execution algorithm): a field's error shows once it was left or a review was asked;
// a review with a field wrong stays in the form; a refusal of the core lands under the field it names
// (or the form's own line) until the next change, and the form is back to editing.
import { reactive, ref, watch } from 'vue'
import { isTerminalError } from '@domain/errors'

export interface FormReading<I> {
  /** What would be sent; null while a field is wrong. */
  input: I | null
  errors: Partial<Record<string, string>>
}

export interface ConfirmedFormOptions<I> {
  /** The form's fields (reactive): any change clears the core's errors. */
  fields: object
  reading: () => FormReading<I>
  /** Sends the confirmed input; a failure is shown under its field. */
  send: (input: I) => Promise<void>
  /** The form's field a refusal of the core names (`field` of its error); 'form' when none fits. */
  fieldOf: (field: string | undefined) => string
}

export function useConfirmedForm<I>(options: ConfirmedFormOptions<I>) {
  const phase = ref<'edit' | 'confirm' | 'sending'>('edit')
  const tried = ref(false)
  const touched = reactive(new Set<string>())
  const serverErrors = ref<Record<string, string>>({})

  /** What is wrong with a field, once it was left or a review was asked; the core's until the next change. */
  const errorOf = (field: string): string | null => serverErrors.value[field] ?? (tried.value || touched.has(field) ? (options.reading().errors[field] ?? null) : null)
  watch(options.fields, () => (serverErrors.value = {}), { deep: true })

  /** As opened anew: nothing touched, nothing tried, editing. */
  function reset(): void {
    touched.clear()
    tried.value = false
    phase.value = 'edit'
    serverErrors.value = {}
  }

  function review(): void {
    tried.value = true
    if (options.reading().input !== null) phase.value = 'confirm'
  }

  async function send(): Promise<void> {
    const input = options.reading().input
    if (input === null) return
    phase.value = 'sending'
    try {
      await options.send(input)
    } catch (failure) {
      const field = isTerminalError(failure) ? options.fieldOf(failure.field ?? undefined) : 'form'
      serverErrors.value = { [field]: failure instanceof Error ? failure.message : String(failure) }
      phase.value = 'edit'
    }
  }

  /** The form's submit: a review while editing, the send once reviewed. */
  const submit = (): Promise<void> | void => (phase.value === 'edit' ? review() : send())
  return { phase, touched, errorOf, reset, review, send, submit }
}
