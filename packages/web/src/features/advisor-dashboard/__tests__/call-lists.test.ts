import { describe, expect, it } from 'vitest';
import {
  addNewCall,
  addUrgentCall,
  applyStatusUpdate,
  moveToActive,
  removeCall,
  removePending,
  replacePending,
} from '../utils/call-lists';
import { activeCall, makeCall, makeDashboard } from './fixtures';

const ids = (calls: { callId: string }[]) => calls.map((c) => c.callId);

describe('dashboard list rules', () => {
  it('call:new adds a pending call to the front and ignores duplicates and non-pending calls', () => {
    let d = makeDashboard({ pendingCalls: [makeCall({ callId: 'a' })] });
    d = addNewCall(d, makeCall({ callId: 'b' }));
    expect(ids(d.pendingCalls)).toEqual(['b', 'a']);
    d = addNewCall(d, makeCall({ callId: 'a', name: 'Otra' }));
    expect(ids(d.pendingCalls)).toEqual(['b', 'a']);
    expect(d.pendingCalls[1]?.clientInfo.name).toBe('Ana Pérez');
    d = addNewCall(d, activeCall({ callId: 'c' }));
    expect(ids(d.pendingCalls)).toEqual(['b', 'a']);
  });

  it('call:new:urgent puts the call on top, moving it when already listed', () => {
    let d = makeDashboard({ pendingCalls: [makeCall({ callId: 'a' }), makeCall({ callId: 'b' })] });
    d = addUrgentCall(d, makeCall({ callId: 'b' }));
    expect(ids(d.pendingCalls)).toEqual(['b', 'a']);
    d = addUrgentCall(d, makeCall({ callId: 'z' }));
    expect(ids(d.pendingCalls)).toEqual(['z', 'b', 'a']);
  });

  it('calls:pending replaces the pending list, keeping only pending calls once each', () => {
    const d = replacePending(makeDashboard({ pendingCalls: [makeCall({ callId: 'old' })] }), [
      makeCall({ callId: 'x' }),
      makeCall({ callId: 'x' }),
      activeCall({ callId: 'y' }),
      makeCall({ callId: 'z' }),
    ]);
    expect(ids(d.pendingCalls)).toEqual(['x', 'z']);
  });

  it('call:accepted moves the call from pending to active and makes it the active call', () => {
    const d = moveToActive(
      makeDashboard({ pendingCalls: [makeCall({ callId: 'a' }), makeCall({ callId: 'b' })] }),
      activeCall({ callId: 'a', acceptedAt: '2026-11-20T15:02:00.000Z' }),
    );
    expect(ids(d.pendingCalls)).toEqual(['b']);
    expect(ids(d.activeCalls)).toEqual(['a']);
    expect(d.activeCall?.callId).toBe('a');
    expect(d.activeCall?.acceptedAt).toBe('2026-11-20T15:02:00.000Z');
  });

  it('call:ended removes the call from both lists', () => {
    const d = removeCall(
      makeDashboard({
        pendingCalls: [makeCall({ callId: 'p' })],
        activeCalls: [activeCall({ callId: 'a' })],
      }),
      'a',
    );
    expect(ids(d.activeCalls)).toEqual([]);
    expect(d.activeCall).toBeNull();
    expect(ids(d.pendingCalls)).toEqual(['p']);
  });

  it("call:status:updated 'accepted' moves to active; 'active' too", () => {
    const base = makeDashboard({
      pendingCalls: [makeCall({ callId: 'a' }), makeCall({ callId: 'b' })],
    });
    const accepted = applyStatusUpdate(base, {
      callId: 'a',
      status: 'accepted',
      call: activeCall({ callId: 'a' }),
    });
    expect(ids(accepted.pendingCalls)).toEqual(['b']);
    expect(ids(accepted.activeCalls)).toEqual(['a']);
    expect(accepted.activeCalls[0]?.status).toBe('active');
    const active = applyStatusUpdate(base, {
      callId: 'b',
      status: 'active',
      call: activeCall({ callId: 'b' }),
    });
    expect(ids(active.pendingCalls)).toEqual(['a']);
    expect(ids(active.activeCalls)).toEqual(['b']);
  });

  it("call:status:updated 'completed' and 'cancelled' remove the call from both lists", () => {
    const base = makeDashboard({
      pendingCalls: [makeCall({ callId: 'p' })],
      activeCalls: [activeCall({ callId: 'a' })],
    });
    const done = applyStatusUpdate(base, {
      callId: 'a',
      status: 'completed',
      call: activeCall({ callId: 'a', status: 'completed' }),
    });
    expect(ids(done.activeCalls)).toEqual([]);
    const cancelled = applyStatusUpdate(base, {
      callId: 'p',
      status: 'cancelled',
      call: makeCall({ callId: 'p', status: 'cancelled' }),
    });
    expect(ids(cancelled.pendingCalls)).toEqual([]);
    expect(ids(cancelled.activeCalls)).toEqual(['a']);
  });

  it('call:status:updated with another status merges into the existing entry', () => {
    const base = makeDashboard({
      pendingCalls: [makeCall({ callId: 'p', estimatedWaitTime: 120 })],
    });
    const merged = applyStatusUpdate(base, {
      callId: 'p',
      status: 'pending',
      call: makeCall({ callId: 'p', estimatedWaitTime: 30 }),
    });
    expect(merged.pendingCalls).toHaveLength(1);
    expect(merged.pendingCalls[0]?.estimatedWaitTime).toBe(30);
    // An unknown call is not invented by a merge.
    const unknown = applyStatusUpdate(base, {
      callId: 'q',
      status: 'pending',
      call: makeCall({ callId: 'q' }),
    });
    expect(ids(unknown.pendingCalls)).toEqual(['p']);
  });

  it('a withdrawn or declined offer leaves the pending list only', () => {
    const d = removePending(
      makeDashboard({
        pendingCalls: [makeCall({ callId: 'p' })],
        activeCalls: [activeCall({ callId: 'a' })],
      }),
      'p',
    );
    expect(d.pendingCalls).toEqual([]);
    expect(ids(d.activeCalls)).toEqual(['a']);
  });
});
