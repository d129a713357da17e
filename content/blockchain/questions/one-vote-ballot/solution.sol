// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Ballot {
    error NoProposals();
    error UnknownProposal(uint256 proposal);
    error AlreadyVoted(address voter);

    event Voted(address indexed voter, uint256 indexed proposal);

    uint256[] private _votes;
    mapping(address => bool) public hasVoted;

    constructor(uint256 proposalCount_) {
        if (proposalCount_ == 0) revert NoProposals();
        _votes = new uint256[](proposalCount_);
    }

    function proposalCount() external view returns (uint256) {
        return _votes.length;
    }

    function votesFor(uint256 proposal) external view returns (uint256) {
        if (proposal >= _votes.length) revert UnknownProposal(proposal);
        return _votes[proposal];
    }

    function vote(uint256 proposal) external {
        if (proposal >= _votes.length) revert UnknownProposal(proposal);
        if (hasVoted[msg.sender]) revert AlreadyVoted(msg.sender);
        hasVoted[msg.sender] = true;
        _votes[proposal] += 1;
        emit Voted(msg.sender, proposal);
    }

    function leader() external view returns (uint256 proposal, uint256 votes) {
        for (uint256 i = 0; i < _votes.length; i++) {
            if (_votes[i] > votes) {
                proposal = i;
                votes = _votes[i];
            }
        }
    }
}
