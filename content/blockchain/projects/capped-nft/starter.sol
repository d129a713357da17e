// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract CappedNFT {
    error WrongPayment(uint256 price, uint256 sent);
    error SoldOut();
    error WalletLimit(uint256 maxPerWallet);
    error NonexistentToken(uint256 id);
    error NotAuthorized();
    error WrongOwner(address owner);
    error ZeroAddress();
    error NotOwner();
    error TransferFailed();

    event Transfer(address indexed from, address indexed to, uint256 indexed id);
    event Approval(address indexed owner, address indexed approved, uint256 indexed id);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    event Withdrawn(uint256 amount);

    constructor(uint256 maxSupply_, uint256 maxPerWallet_, uint256 price_) {
        // Write your code here.
    }

    function mint() external payable returns (uint256 id) {
        // Write your code here.
    }

    function ownerOf(uint256 id) external view returns (address) {
        // Write your code here.
    }
}
