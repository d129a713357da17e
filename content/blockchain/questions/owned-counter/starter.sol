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

    function increment() external returns (uint256) {
        // Write your code here.
        return 0;
    }

    function reset() external {
        // Write your code here.
    }

    function transferOwnership(address newOwner) external {
        // Write your code here.
    }
}
