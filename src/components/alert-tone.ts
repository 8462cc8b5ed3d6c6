// The sound of a fired alert: a short two-note chime made with WebAudio, so no audio file ships or
// downloads. Browsers keep an AudioContext suspended until the page has had a user gesture; a chime
// that cannot play then is skipped silently — the notification on screen still tells the trader.
let context: AudioContext | null = null

export function playAlertTone(): void {
  try {
    const Ctor = globalThis.AudioContext
    if (!Ctor) return
    context ??= new Ctor()
    const ctx = context
    void ctx.resume().catch(() => undefined)
    const start = ctx.currentTime + 0.01
    for (const [i, frequency] of [880, 1318.5].entries()) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = 'sine'
      osc.frequency.value = frequency
      const t = start + i * 0.16
      // A quick attack and decay: no click at either end.
      gain.gain.setValueAtTime(0, t)
      gain.gain.linearRampToValueAtTime(0.18, t + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.001, t + 0.3)
      osc.connect(gain).connect(ctx.destination)
      osc.start(t)
      osc.stop(t + 0.32)
    }
  } catch {
    // No audio device, or audio blocked: the visible notification is enough.
  }
}
