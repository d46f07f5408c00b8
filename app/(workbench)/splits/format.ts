// Display helpers shared by the splits pages.
export const fmt = (n: number) => n.toLocaleString("en-US");
export const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
