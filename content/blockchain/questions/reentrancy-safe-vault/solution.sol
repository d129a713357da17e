// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Vault {
    error NothingToDeposit();
    error NothingToWithdraw();
    error TransferFailed();

    event Deposited(address indexed account, uint256 amount);
    event Withdrawn(address indexed account, uint256 amount);

    mapping(address => uint256) public balanceOf;

    function deposit() external payable {
        if (msg.value == 0) revert NothingToDeposit();
        balanceOf[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw() external {
        uint256 amount = balanceOf[msg.sender];
        if (amount == 0) revert NothingToWithdraw();
        balanceOf[msg.sender] = 0;
        (bool ok, ) = msg.sender.call{value: amount}("");
        if (!ok) revert TransferFailed();
        emit Withdrawn(msg.sender, amount);
    }
}
