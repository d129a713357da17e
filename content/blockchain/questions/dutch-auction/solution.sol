// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract DutchAuction {
    error InvalidPrices();
    error InvalidDuration();
    error AuctionEnded();
    error InsufficientPayment(uint256 price, uint256 sent);
    error TransferFailed();

    event Sold(address indexed buyer, uint256 price);

    address public immutable seller;
    uint256 public immutable startPrice;
    uint256 public immutable floorPrice;
    uint256 public immutable duration;
    uint256 public immutable startAt;
    address public winner;

    constructor(uint256 startPrice_, uint256 floorPrice_, uint256 duration_) {
        if (floorPrice_ > startPrice_) revert InvalidPrices();
        if (duration_ == 0) revert InvalidDuration();
        seller = msg.sender;
        startPrice = startPrice_;
        floorPrice = floorPrice_;
        duration = duration_;
        startAt = block.timestamp;
    }

    function price() public view returns (uint256) {
        uint256 elapsed = block.timestamp - startAt;
        if (elapsed >= duration) return floorPrice;
        return startPrice - ((startPrice - floorPrice) * elapsed) / duration;
    }

    function buy() external payable {
        if (winner != address(0)) revert AuctionEnded();
        uint256 current = price();
        if (msg.value < current) revert InsufficientPayment(current, msg.value);
        winner = msg.sender;
        _send(seller, current);
        if (msg.value > current) _send(msg.sender, msg.value - current);
        emit Sold(msg.sender, current);
    }

    function _send(address to, uint256 amount) private {
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert TransferFailed();
    }
}
