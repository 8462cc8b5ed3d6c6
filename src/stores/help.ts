// Help: whether the keyboard shortcuts' list (with the way to Diagnostics) is open. Opened by the `?`
// key (ShortcutsHelp.vue) or the header's Help button (AppHeader.vue); `wanted` stays true once it was
// asked for, so the dialog's code loads on first use only.
import { defineStore } from 'pinia'
import { ref } from 'vue'

export const useHelpStore = defineStore('help', () => {
  const open = ref(false)
  const wanted = ref(false)
  function show(): void {
    wanted.value = true
    open.value = true
  }
  return { open, wanted, show }
})
