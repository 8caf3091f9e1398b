import Contracts
import ContractsTesting
import ImageCache
import Testing

extension Conformance {
    /// The in-memory LRU cache keeps every ImageCaching rule, and every rule fails for a cache
    /// that breaks it (BrokenImageCaches.swift).
    @Suite struct ImageCachingSuite {
        /// Ours.
        static let ours = ImageCachingSubject(name: "MemoryImageCache") { MemoryImageCache(costLimit: $0) }

        static func twin(_ flaw: ImageCacheFlaw) -> ImageCachingSubject {
            ImageCachingSubject(name: "FlawedImageCache(\(flaw))") { FlawedImageCache(costLimit: $0, flaw: flaw) }
        }

        /// Which broken twin breaks which contract.
        static let pairs: [(contract: Contract<ImageCachingSubject>, twin: ImageCachingSubject)] = [
            (ImageCachingContracts.limitNeverExceeded, twin(.checksLimitBeforeInsert)),
            (ImageCachingContracts.lruEviction, twin(.ignoresReads)),
            (ImageCachingContracts.oversizeRefused, twin(.acceptsOversize)),
            (ImageCachingContracts.costIsDecodedBytes, twin(.costsOnePerEntry)),
            (ImageCachingContracts.trimAndRemoveAll, twin(.trimDoesNothing)),
        ]

        @Test(arguments: ImageCachingContracts.all)
        func memoryImageCacheKeeps(_ contract: Contract<ImageCachingSubject>) async {
            await expectKeeps(contract, Self.ours)
        }


        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name)
        }

        /// The naive cache without a flaw keeps every contract: each violation above comes from
        /// the flaw, not from the naive implementation or an over-strict check.
        @Test(arguments: ImageCachingContracts.all)
        func theNaiveCacheWithoutAFlawKeeps(_ contract: Contract<ImageCachingSubject>) async {
            await expectKeeps(contract, ImageCachingSubject(name: "FlawedImageCache(none)") { FlawedImageCache(costLimit: $0, flaw: nil) })
        }
    }
}
