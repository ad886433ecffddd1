/** An item's description holds its tags joined by '|' (spec: "description split on | into tags"). */
export function splitTags(description: string | null | undefined): string[] {
  if (!description) return [];
  return description
    .split('|')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}
