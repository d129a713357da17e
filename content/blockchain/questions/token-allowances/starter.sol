// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Token {
    error InsufficientBalance(uint256 available, uint256 required);
    error InsufficientAllowance(uint256 available, uint256 required);
    error ZeroAddress();

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor(uint256 initialSupply) {
        // Write your code here.
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        // Write your code here.
        return false;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        // Write your code here.
        return false;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        // Write your code here.
        return false;
    }
}
