//go:build contractcheck

package server

// ContractTally is the tally ContractCheckPath answers, for the external
// test package's TestContractCheckBuild.
type ContractTally = contractTally

// ContractCheckPath is where the tally is read.
const ContractCheckPath = contractCheckPath
