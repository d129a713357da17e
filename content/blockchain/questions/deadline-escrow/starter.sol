// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Escrow {
    error NoDeposit();
    error NotBuyer();
    error NotSeller();
    error AlreadySettled();
    error TooEarly(uint256 deadline);
    error TransferFailed();

    event Released(address indexed seller, uint256 amount);
    event Refunded(address indexed buyer, uint256 amount);

    address public buyer;
    address public seller;
    uint256 public amount;
    uint256 public deadline;

    constructor(address seller_, uint256 duration) payable {
        // Write your code here.
    }

    function release() external {
        // Write your code here.
    }

    function refund() external {
        // Write your code here.
    }

    function cancel() external {
        // Write your code here.
    }
}
