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

    address public immutable buyer;
    address public immutable seller;
    uint256 public immutable amount;
    uint256 public immutable deadline;
    bool public settled;

    constructor(address seller_, uint256 duration) payable {
        if (msg.value == 0) revert NoDeposit();
        buyer = msg.sender;
        seller = seller_;
        amount = msg.value;
        deadline = block.timestamp + duration;
    }

    function release() external {
        if (msg.sender != buyer) revert NotBuyer();
        if (settled) revert AlreadySettled();
        _pay(seller);
        emit Released(seller, amount);
    }

    function refund() external {
        if (msg.sender != buyer) revert NotBuyer();
        if (settled) revert AlreadySettled();
        if (block.timestamp < deadline) revert TooEarly(deadline);
        _pay(buyer);
        emit Refunded(buyer, amount);
    }

    function cancel() external {
        if (msg.sender != seller) revert NotSeller();
        if (settled) revert AlreadySettled();
        _pay(buyer);
        emit Refunded(buyer, amount);
    }

    function _pay(address to) internal {
        settled = true;
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert TransferFailed();
    }
}
