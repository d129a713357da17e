// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract ClaimBitmap {
    error AlreadyClaimed(uint256 index);

    event Claimed(uint256 indexed index, address indexed account);

    mapping(uint256 => uint256) private _words;
    uint256 public claimedCount;

    function isClaimed(uint256 index) public view returns (bool) {
        // Write your code here.
        return false;
    }

    function word(uint256 wordIndex) external view returns (uint256) {
        return _words[wordIndex];
    }

    function claim(uint256 index) external {
        // Write your code here.
    }
}
