// Importing a suite brings the core with it (`Contract`, `assertKeeps`, `ContractViolation`), so an
// adopter of one suite writes one import.
@_exported public import ContractsCore
