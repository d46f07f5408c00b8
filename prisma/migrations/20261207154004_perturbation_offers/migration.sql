-- CreateTable
CREATE TABLE "PerturbationOffer" (
    "instanceId" TEXT NOT NULL,
    "kind" "PerturbationKind" NOT NULL,
    "offered" INTEGER NOT NULL,
    "fromModel" INTEGER NOT NULL,
    "withheld" INTEGER NOT NULL,
    "model" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PerturbationOffer_pkey" PRIMARY KEY ("instanceId","kind")
);

-- AddForeignKey
ALTER TABLE "PerturbationOffer" ADD CONSTRAINT "PerturbationOffer_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
