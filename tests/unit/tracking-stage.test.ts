// The customer's words for a sample's stage (decision 0093), from its custody status, whether it
// was taken out for testing, its results and whether a report names it.
import { describe, expect, it } from 'vitest';
import { trackingStage, trackingStep, type TrackingFacts } from '../../src/lib/shared/reports/tracking.ts';

const facts = (f: Partial<TrackingFacts>): TrackingFacts => ({
  status: 'received',
  taken: false,
  results: [],
  reported: false,
  ...f,
});

describe('trackingStage', () => {
  it('follows the courier, then the lab, then the review and the report', () => {
    expect(trackingStage(facts({ status: 'awaiting_post' }))).toBe('awaiting_post');
    expect(trackingStage(facts({ status: 'in_transit' }))).toBe('in_transit');
    expect(trackingStage(facts({ status: 'stored' }))).toBe('received');
    expect(trackingStage(facts({ status: 'stored', results: [{ status: 'draft', entered: false }] }))).toBe(
      'received',
    );
    // Back in the store after the instrument: still being tested until its results are in.
    expect(trackingStage(facts({ status: 'stored', taken: true }))).toBe('testing');
    expect(trackingStage(facts({ status: 'testing' }))).toBe('testing');
    expect(trackingStage(facts({ results: [{ status: 'draft', entered: true }] }))).toBe('testing');
    // A result sent back by the reviewer is tested again.
    expect(trackingStage(facts({ results: [{ status: 'returned', entered: true }] }))).toBe('testing');
    expect(
      trackingStage(
        facts({
          status: 'tested',
          results: [
            { status: 'submitted', entered: true },
            { status: 'approved', entered: true },
          ],
        }),
      ),
    ).toBe('reviewing');
    // One of two still to enter: testing.
    expect(
      trackingStage(
        facts({
          status: 'tested',
          results: [
            { status: 'submitted', entered: true },
            { status: 'draft', entered: false },
          ],
        }),
      ),
    ).toBe('testing');
    expect(trackingStage(facts({ status: 'tested' }))).toBe('reviewing');
    expect(trackingStage(facts({ status: 'return_pending', reported: true }))).toBe('reported');
  });

  it('lets the end of a sample’s life win over its report, and says 异常 unless reported', () => {
    expect(trackingStage(facts({ status: 'returned', reported: true }))).toBe('returned');
    expect(trackingStage(facts({ status: 'disposed', reported: true }))).toBe('disposed');
    expect(trackingStage(facts({ status: 'abnormal' }))).toBe('abnormal');
    expect(trackingStage(facts({ status: 'abnormal', reported: true }))).toBe('reported');
  });

  it('draws five steps; stages beside them reach none', () => {
    expect(trackingStep('in_transit')).toBe(0);
    expect(trackingStep('reported')).toBe(4);
    expect(trackingStep('awaiting_post')).toBe(-1);
    expect(trackingStep('disposed')).toBe(-1);
  });
});
