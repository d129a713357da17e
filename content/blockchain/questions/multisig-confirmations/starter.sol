// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract MultiSig {
    error NotOwner(address account);
    error DuplicateOwner(address owner);
    error InvalidOwner();
    error InvalidRequirement();
    error UnknownTransaction(uint256 id);
    error AlreadyExecuted(uint256 id);
    error AlreadyConfirmed(uint256 id, address owner);
    error NotConfirmed(uint256 id, address owner);
    error NotEnoughConfirmations(uint256 have, uint256 need);
    error TransferFailed();

    event Deposit(address indexed from, uint256 amount);
    event Submitted(uint256 indexed id, address indexed to, uint256 value);
    event Confirmed(uint256 indexed id, address indexed owner);
    event Revoked(uint256 indexed id, address indexed owner);
    event Executed(uint256 indexed id);

    constructor(address[] memory owners, uint256 required_) {
        // Write your code here.
    }

    function deposit() external payable {
        emit Deposit(msg.sender, msg.value);
    }

    function submit(address to, uint256 value) external returns (uint256 id) {
        // Write your code here.
    }

    function confirm(uint256 id) external {
        // Write your code here.
    }

    function revoke(uint256 id) external {
        // Write your code here.
    }

    function execute(uint256 id) external {
        // Write your code here.
    }

    function confirmations(uint256 id) external view returns (uint256) {
        // Write your code here.
        return 0;
    }
}
