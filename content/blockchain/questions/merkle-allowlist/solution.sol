// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Allowlist {
    error InvalidProof();
    error AlreadyClaimed(address account);

    event Claimed(address indexed account);

    bytes32 public immutable root;
    mapping(address => bool) public claimed;
    uint256 public claimCount;

    constructor(bytes32 root_) {
        root = root_;
    }

    function leafFor(address account) public pure returns (bytes32) {
        return keccak256(bytes.concat(keccak256(abi.encode(account))));
    }

    function verify(bytes32[] calldata proof, bytes32 leaf) public view returns (bool) {
        bytes32 node = leaf;
        for (uint256 i = 0; i < proof.length; i++) {
            bytes32 sibling = proof[i];
            node = node < sibling
                ? keccak256(abi.encodePacked(node, sibling))
                : keccak256(abi.encodePacked(sibling, node));
        }
        return node == root;
    }

    function claim(bytes32[] calldata proof) external {
        if (!verify(proof, leafFor(msg.sender))) revert InvalidProof();
        if (claimed[msg.sender]) revert AlreadyClaimed(msg.sender);
        claimed[msg.sender] = true;
        claimCount += 1;
        emit Claimed(msg.sender);
    }
}
