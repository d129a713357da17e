// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Timelock {
    error NotOwner();
    error EtaTooSoon(uint256 eta, uint256 earliest);
    error AlreadyQueued(bytes32 id);
    error NotQueued(bytes32 id);
    error NotReady(uint256 eta);
    error Expired(uint256 deadline);
    error CallFailed();

    event Queued(bytes32 indexed id, address indexed target, uint256 eta);
    event Executed(bytes32 indexed id, address indexed target);
    event Cancelled(bytes32 indexed id);

    uint256 public constant GRACE_PERIOD = 1 days;

    address public immutable owner;
    uint256 public immutable minDelay;
    mapping(bytes32 => bool) private _queued;

    constructor(uint256 minDelay_) {
        owner = msg.sender;
        minDelay = minDelay_;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    function hashOperation(address target, bytes calldata data, uint256 eta) public pure returns (bytes32) {
        return keccak256(abi.encode(target, data, eta));
    }

    function queued(address target, bytes calldata data, uint256 eta) external view returns (bool) {
        return _queued[hashOperation(target, data, eta)];
    }

    function queue(address target, bytes calldata data, uint256 eta) external onlyOwner returns (bytes32) {
        uint256 earliest = block.timestamp + minDelay;
        if (eta < earliest) revert EtaTooSoon(eta, earliest);
        bytes32 id = hashOperation(target, data, eta);
        if (_queued[id]) revert AlreadyQueued(id);
        _queued[id] = true;
        emit Queued(id, target, eta);
        return id;
    }

    function execute(address target, bytes calldata data, uint256 eta) external onlyOwner {
        bytes32 id = hashOperation(target, data, eta);
        if (!_queued[id]) revert NotQueued(id);
        if (block.timestamp < eta) revert NotReady(eta);
        if (block.timestamp > eta + GRACE_PERIOD) revert Expired(eta + GRACE_PERIOD);
        delete _queued[id];
        (bool ok, ) = target.call(data);
        if (!ok) revert CallFailed();
        emit Executed(id, target);
    }

    function cancel(address target, bytes calldata data, uint256 eta) external onlyOwner {
        bytes32 id = hashOperation(target, data, eta);
        if (!_queued[id]) revert NotQueued(id);
        delete _queued[id];
        emit Cancelled(id);
    }
}
