// The one empty list that records share. A record is kept for every alert (100,000 of them at
// scale) and most of their lists (silencedBy, inhibitedBy) are empty: one shared array instead
// of one each. Frozen, so a write to it is a bug that throws instead of corrupting every record.
export const NONE = Object.freeze([]) as unknown as string[];
