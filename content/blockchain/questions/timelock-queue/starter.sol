// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Timelock {
    error NotOwner();
    error EtaTooSoon(uint256 eta, uint256 earliest);
    error AlreadyQueued(bytes32 id);
    error NotQueued(bytes32 id);
    error NotReady(uint256 eta);
    error Expired(uint256 deadline);
    error CallFailed();

    event Queued(bytes32 indexed id, address indexed target, uint256 eta);
    event Executed(bytes32 indexed id, address indexed target);
    event Cancelled(bytes32 indexed id);

    uint256 public constant GRACE_PERIOD = 1 days;

    constructor(uint256 minDelay_) {
        // Write your code here.
    }

    function hashOperation(address target, bytes calldata data, uint256 eta) public pure returns (bytes32) {
        return keccak256(abi.encode(target, data, eta));
    }

    function queued(address target, bytes calldata data, uint256 eta) external view returns (bool) {
        // Write your code here.
        return false;
    }

    function queue(address target, bytes calldata data, uint256 eta) external returns (bytes32) {
        // Write your code here.
        return bytes32(0);
    }

    function execute(address target, bytes calldata data, uint256 eta) external {
        // Write your code here.
    }

    function cancel(address target, bytes calldata data, uint256 eta) external {
        // Write your code here.
    }
}
