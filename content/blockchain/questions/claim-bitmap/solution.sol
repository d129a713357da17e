// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract ClaimBitmap {
    error AlreadyClaimed(uint256 index);

    event Claimed(uint256 indexed index, address indexed account);

    mapping(uint256 => uint256) private _words;
    uint256 public claimedCount;

    function isClaimed(uint256 index) public view returns (bool) {
        uint256 mask = uint256(1) << (index % 256);
        return _words[index / 256] & mask != 0;
    }

    function word(uint256 wordIndex) external view returns (uint256) {
        return _words[wordIndex];
    }

    function claim(uint256 index) external {
        uint256 wordIndex = index / 256;
        uint256 mask = uint256(1) << (index % 256);
        uint256 current = _words[wordIndex];
        if (current & mask != 0) revert AlreadyClaimed(index);
        _words[wordIndex] = current | mask;
        claimedCount += 1;
        emit Claimed(index, msg.sender);
    }
}
