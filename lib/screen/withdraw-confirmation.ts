// The words of the control that confirms dropping something in annotation: the manual screening form
// shows it and the refusal that asks for it names it (withdraw-from-annotation.ts). Kept apart so the
// form (a client component) imports no server code.
export const CONFIRM_WITHDRAW_CONTROL = "Drop it from annotation too";
