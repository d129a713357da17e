// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// What the timelock calls in the tests.
contract Target {
    uint256 public value;
    address public lastCaller;

    function setValue(uint256 value_) external {
        value = value_;
        lastCaller = msg.sender;
    }

    function fail() external pure {
        revert("target says no");
    }
}
