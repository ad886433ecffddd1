// The pay dialog's events for islands; they live in src/lib/client/pay-events.ts so the header's
// message code (lib/client) can listen for payments too.
export * from '../../lib/client/pay-events.ts';
