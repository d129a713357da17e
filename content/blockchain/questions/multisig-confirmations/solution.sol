// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract MultiSig {
    error NotOwner(address account);
    error DuplicateOwner(address owner);
    error InvalidOwner();
    error InvalidRequirement();
    error UnknownTransaction(uint256 id);
    error AlreadyExecuted(uint256 id);
    error AlreadyConfirmed(uint256 id, address owner);
    error NotConfirmed(uint256 id, address owner);
    error NotEnoughConfirmations(uint256 have, uint256 need);
    error TransferFailed();

    event Deposit(address indexed from, uint256 amount);
    event Submitted(uint256 indexed id, address indexed to, uint256 value);
    event Confirmed(uint256 indexed id, address indexed owner);
    event Revoked(uint256 indexed id, address indexed owner);
    event Executed(uint256 indexed id);

    struct Transaction {
        address to;
        uint256 value;
        bool executed;
        uint256 confirmations;
    }

    uint256 public immutable required;
    mapping(address => bool) public isOwner;
    mapping(uint256 => mapping(address => bool)) public confirmed;
    Transaction[] private _transactions;

    constructor(address[] memory owners, uint256 required_) {
        for (uint256 i = 0; i < owners.length; i++) {
            address owner = owners[i];
            if (owner == address(0)) revert InvalidOwner();
            if (isOwner[owner]) revert DuplicateOwner(owner);
            isOwner[owner] = true;
        }
        if (required_ == 0 || required_ > owners.length) revert InvalidRequirement();
        required = required_;
    }

    modifier onlyOwner() {
        if (!isOwner[msg.sender]) revert NotOwner(msg.sender);
        _;
    }

    function deposit() external payable {
        emit Deposit(msg.sender, msg.value);
    }

    function submit(address to, uint256 value) external onlyOwner returns (uint256 id) {
        id = _transactions.length;
        _transactions.push(Transaction({to: to, value: value, executed: false, confirmations: 0}));
        emit Submitted(id, to, value);
    }

    function confirm(uint256 id) external onlyOwner {
        Transaction storage txn = _pending(id);
        if (confirmed[id][msg.sender]) revert AlreadyConfirmed(id, msg.sender);
        confirmed[id][msg.sender] = true;
        txn.confirmations += 1;
        emit Confirmed(id, msg.sender);
    }

    function revoke(uint256 id) external onlyOwner {
        Transaction storage txn = _pending(id);
        if (!confirmed[id][msg.sender]) revert NotConfirmed(id, msg.sender);
        confirmed[id][msg.sender] = false;
        txn.confirmations -= 1;
        emit Revoked(id, msg.sender);
    }

    function execute(uint256 id) external onlyOwner {
        Transaction storage txn = _pending(id);
        if (txn.confirmations < required) revert NotEnoughConfirmations(txn.confirmations, required);
        txn.executed = true;
        (bool ok, ) = txn.to.call{value: txn.value}("");
        if (!ok) revert TransferFailed();
        emit Executed(id);
    }

    function confirmations(uint256 id) external view returns (uint256) {
        if (id >= _transactions.length) revert UnknownTransaction(id);
        return _transactions[id].confirmations;
    }

    function _pending(uint256 id) private view returns (Transaction storage txn) {
        if (id >= _transactions.length) revert UnknownTransaction(id);
        txn = _transactions[id];
        if (txn.executed) revert AlreadyExecuted(id);
    }
}
