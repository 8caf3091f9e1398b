import Contracts
import ContractsTesting
import ImageCache
import Testing

extension Conformance {
    /// ``DiskCache`` keeps every DiskCaching rule, and every rule fails for a disk cache that
    /// breaks it (BrokenDiskCaches.swift).
    @Suite struct DiskCachingSuite {
        /// Ours.
        static let ours = DiskCachingSubject(name: "DiskCache") { folder, limit in DiskCache(folder: folder, sizeLimit: limit) }

        static func twin(_ name: String, _ flaw: BrokenDiskCache.Flaw) -> DiskCachingSubject {
            DiskCachingSubject(name: name) { folder, limit in BrokenDiskCache(folder: folder, sizeLimit: limit, flaw: flaw) }
        }

        /// Which broken twin breaks which contract.
        static let pairs: [(contract: Contract<DiskCachingSubject>, twin: DiskCachingSubject)] = [
            (DiskCachingContracts.limitNeverExceeded, twin("SoftLimitDiskCache", .sweepsEvery(8))),
            (DiskCachingContracts.lruAcrossRestart, twin("NameOrderDiskCache", .ordersByNameOnRestart)),
            (DiskCachingContracts.survivesRestart, twin("WipingDiskCache", .wipesOnStart)),
            (DiskCachingContracts.noPartialFiles, twin("InPlaceDiskCache", .writesInPlaceInHalves)),
            (DiskCachingContracts.failedWriteDeliversNothingLost, twin("LosingDiskCache", .losesDataOnFailedWrite)),
        ]

        @Test(arguments: DiskCachingContracts.all)
        func diskCacheKeeps(_ contract: Contract<DiskCachingSubject>) async {
            await expectKeeps(contract, Self.ours)
        }


        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name)
        }
    }
}
