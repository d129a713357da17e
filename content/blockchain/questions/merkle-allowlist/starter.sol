// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Allowlist {
    error InvalidProof();
    error AlreadyClaimed(address account);

    event Claimed(address indexed account);

    bytes32 public root;
    mapping(address => bool) public claimed;
    uint256 public claimCount;

    constructor(bytes32 root_) {
        root = root_;
    }

    function leafFor(address account) public pure returns (bytes32) {
        // Write your code here.
        return bytes32(0);
    }

    function verify(bytes32[] calldata proof, bytes32 leaf) public view returns (bool) {
        // Write your code here.
        return false;
    }

    function claim(bytes32[] calldata proof) external {
        // Write your code here.
    }
}
