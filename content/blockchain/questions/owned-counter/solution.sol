// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Counter {
    error NotOwner(address caller);
    error ZeroAddress();

    event Incremented(address indexed by, uint256 newCount);
    event Reset(address indexed by, uint256 previousCount);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    address public owner;
    uint256 public count;

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    function increment() external returns (uint256) {
        count += 1;
        emit Incremented(msg.sender, count);
        return count;
    }

    function reset() external onlyOwner {
        emit Reset(msg.sender, count);
        count = 0;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}
