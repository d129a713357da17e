// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract DutchAuction {
    error InvalidPrices();
    error InvalidDuration();
    error AuctionEnded();
    error InsufficientPayment(uint256 price, uint256 sent);
    error TransferFailed();

    event Sold(address indexed buyer, uint256 price);

    address public seller;
    address public winner;

    constructor(uint256 startPrice, uint256 floorPrice, uint256 duration) {
        // Write your code here.
    }

    function price() public view returns (uint256) {
        // Write your code here.
        return 0;
    }

    function buy() external payable {
        // Write your code here.
    }
}
