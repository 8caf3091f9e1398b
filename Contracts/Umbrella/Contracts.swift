// The umbrella product: `import Contracts` brings the core and every suite, as before the suites
// became products of their own. An adopter who needs one suite depends on its product instead
// (`ContractsHTTPClient`, …) and builds only the modules that suite checks.
@_exported public import ContractsCore
@_exported public import ContractsDiskCaching
@_exported public import ContractsFeedRules
@_exported public import ContractsFeedSource
@_exported public import ContractsGalleryRules
@_exported public import ContractsHTTPClient
@_exported public import ContractsImageCaching
@_exported public import ContractsImageLoading
@_exported public import ContractsTweetStore
