/**
 * The video page's side of the postMessage protocol on its own: what reaches the parent frame, and
 * which control messages the page obeys (only its parent's, from its own origin, while listening).
 */
import { VIDEO_PAGE_CONTROL_TYPE, VIDEO_PAGE_MESSAGE_TYPE } from '@belleza/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createParentPoster, listenToParentControl } from './parent-messages';

afterEach(() => {
  vi.restoreAllMocks();
});

function framed() {
  const parent = { postMessage: vi.fn() };
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
  return parent;
}

function send(source: object, data: unknown, origin = window.location.origin) {
  window.dispatchEvent(
    new MessageEvent('message', { data, origin, source: source as MessageEventSource }),
  );
}

const leave = { type: VIDEO_PAGE_CONTROL_TYPE, action: 'leave' };

describe('messages to the parent frame', () => {
  it("names the call and goes to the page's own origin only", () => {
    const parent = framed();
    createParentPoster('call_1')('joined', { participantCount: 2 });
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: VIDEO_PAGE_MESSAGE_TYPE, action: 'joined', callId: 'call_1', participantCount: 2 },
      window.location.origin,
    );
  });

  it('carries no call id before the page has one (a page waiting in standby)', () => {
    const parent = framed();
    createParentPoster(undefined)('loaded');
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: VIDEO_PAGE_MESSAGE_TYPE, action: 'loaded' },
      window.location.origin,
    );
  });

  it('posts nothing when the page was opened on its own (no parent frame)', () => {
    // Unframed, a window is its own parent: posting would send the page its own messages.
    const post = vi.spyOn(window, 'postMessage');
    createParentPoster('call_1')('joined');
    expect(post).not.toHaveBeenCalled();
  });
});

describe('control messages from the parent frame', () => {
  it("obeys its parent's messages of its own origin", () => {
    const parent = framed();
    const onControl = vi.fn();
    const stop = listenToParentControl(onControl);
    send(parent, leave);
    expect(onControl).toHaveBeenCalledExactlyOnceWith('leave', leave);
    stop();
  });

  it('ignores another window, another origin and anything not a control message', () => {
    const parent = framed();
    const onControl = vi.fn();
    const stop = listenToParentControl(onControl);
    send({ postMessage: vi.fn() }, leave);
    send(parent, leave, 'https://another-site.example');
    send(parent, { type: VIDEO_PAGE_CONTROL_TYPE, action: 'format-disk' });
    send(parent, { type: VIDEO_PAGE_MESSAGE_TYPE, action: 'leave' });
    expect(onControl).not.toHaveBeenCalled();
    stop();
  });

  it('obeys nothing once the page stopped listening', () => {
    const parent = framed();
    const onControl = vi.fn();
    listenToParentControl(onControl)();
    send(parent, leave);
    expect(onControl).not.toHaveBeenCalled();
  });
});
