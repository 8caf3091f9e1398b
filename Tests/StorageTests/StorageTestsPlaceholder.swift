// Placeholder so the StorageTests target (declared in Package.swift) has a source directory on
// the feed-data branch; the Storage work brings the real tests. Safe to delete on merge.
