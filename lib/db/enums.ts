// zod schemas for the database's enums, built from Prisma's generated enum objects so a value
// added to prisma/schema.prisma reaches every boundary (forms, routes, files) without a hand copy.
// Safe in the browser: the generated enums module holds plain constants, not the client.
import { z } from "zod";
import { InstanceStage, LabelValue, PerturbationKind, Role, SnapshotStatus, SplitName, VerificationStatus } from "./generated/enums";

export { InstanceStage, LabelValue, PerturbationKind, Role, SnapshotStatus, SplitName, VerificationStatus };

export const RoleSchema = z.enum(Role);
export const InstanceStageSchema = z.enum(InstanceStage);
export const LabelValueSchema = z.enum(LabelValue);
export const PerturbationKindSchema = z.enum(PerturbationKind);
export const VerificationStatusSchema = z.enum(VerificationStatus);
export const SplitNameSchema = z.enum(SplitName);

// Ordered lists for tables and loops, in the schema's declaration order (train, validation, test).
export const SPLIT_NAMES = SplitNameSchema.options;
export const LABEL_VALUES = LabelValueSchema.options;
export const PERTURBATION_KINDS = PerturbationKindSchema.options;
export const VERIFICATION_STATUSES = VerificationStatusSchema.options;
