// One scroll and resize listener for every windowed list on the page, run at most once per animation
// frame: a scroll anywhere (capture phase, so a scrolling container counts too), a window resize, or
// a layout change a view reports itself (a file above opened or closed) tells each subscriber to
// look where it now stands.
const subscribers = new Set<() => void>();
let frame = 0;

function run() {
  frame = 0;
  for (const subscriber of subscribers) subscriber();
}

/** Asks every subscriber to look again at the next animation frame. */
export function notifyViewportChange() {
  if (frame === 0 && typeof window !== "undefined") frame = window.requestAnimationFrame(run);
}

export function onViewportChange(subscriber: () => void): () => void {
  if (subscribers.size === 0) {
    window.addEventListener("scroll", notifyViewportChange, { capture: true, passive: true });
    window.addEventListener("resize", notifyViewportChange, { passive: true });
  }
  subscribers.add(subscriber);
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0) return;
    window.removeEventListener("scroll", notifyViewportChange, { capture: true });
    window.removeEventListener("resize", notifyViewportChange);
    if (frame !== 0) window.cancelAnimationFrame(frame);
    frame = 0;
  };
}
