// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Ballot {
    error NoProposals();
    error UnknownProposal(uint256 proposal);
    error AlreadyVoted(address voter);

    event Voted(address indexed voter, uint256 indexed proposal);

    constructor(uint256 proposalCount_) {
        // Write your code here.
    }

    function proposalCount() external view returns (uint256) {
        // Write your code here.
        return 0;
    }

    function hasVoted(address voter) external view returns (bool) {
        // Write your code here.
        return false;
    }

    function votesFor(uint256 proposal) external view returns (uint256) {
        // Write your code here.
        return 0;
    }

    function vote(uint256 proposal) external {
        // Write your code here.
    }

    function leader() external view returns (uint256 proposal, uint256 votes) {
        // Write your code here.
    }
}
