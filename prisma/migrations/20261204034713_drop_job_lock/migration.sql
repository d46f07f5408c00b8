-- DropTable
DROP TABLE "JobLock";
