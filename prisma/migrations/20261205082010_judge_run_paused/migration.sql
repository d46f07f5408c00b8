-- AlterEnum
ALTER TYPE "JudgeRunStatus" ADD VALUE 'paused';
