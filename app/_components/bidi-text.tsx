// Text with its bidirectional control characters shown as placeholders (lib/text/bidi-controls.ts).
import { BIDI_CONTROL_CLASS, splitBidiControls } from "@/lib/text/bidi-controls";

export function BidiText({ text }: { text: string }) {
  return (
    <>
      {splitBidiControls(text).map((s, i) =>
        "control" in s ? (
          <span key={i} className={BIDI_CONTROL_CLASS} data-bidi-control={s.label.slice(1, -1)} title={s.title}>
            {s.label}
          </span>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
