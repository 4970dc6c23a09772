/**
 * The privacy blur's clock: a dedicated worker's interval, which the browser does not slow down
 * when the tab is hidden (a page's timers and requestVideoFrameCallback nearly stop there, and her
 * video would freeze for the others). Posted a period in ms, it ticks at it; 0 stops it.
 */
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = (event: MessageEvent<number>) => {
  clearInterval(timer);
  timer = undefined;
  if (event.data > 0) timer = setInterval(() => self.postMessage(0), event.data);
};
