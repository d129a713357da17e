// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Campaign {
    error ZeroPledge();
    error CampaignEnded();
    error CampaignActive(uint256 deadline);
    error NotEnoughPledged(uint256 have, uint256 want);
    error NotCreator();
    error GoalNotReached(uint256 total, uint256 goal);
    error GoalReached();
    error AlreadyClaimed();
    error NothingToRefund();
    error TransferFailed();

    event Pledged(address indexed backer, uint256 amount);
    event Unpledged(address indexed backer, uint256 amount);
    event Claimed(uint256 amount);
    event Refunded(address indexed backer, uint256 amount);

    address public immutable creator;
    uint256 public immutable goal;
    uint256 public immutable deadline;
    uint256 public totalPledged;
    bool public claimed;
    mapping(address => uint256) public pledgedBy;

    constructor(uint256 goal_, uint256 duration) {
        creator = msg.sender;
        goal = goal_;
        deadline = block.timestamp + duration;
    }

    modifier beforeDeadline() {
        if (block.timestamp >= deadline) revert CampaignEnded();
        _;
    }

    modifier afterDeadline() {
        if (block.timestamp < deadline) revert CampaignActive(deadline);
        _;
    }

    function pledge() external payable beforeDeadline {
        if (msg.value == 0) revert ZeroPledge();
        pledgedBy[msg.sender] += msg.value;
        totalPledged += msg.value;
        emit Pledged(msg.sender, msg.value);
    }

    function unpledge(uint256 amount) external beforeDeadline {
        uint256 have = pledgedBy[msg.sender];
        if (amount > have) revert NotEnoughPledged(have, amount);
        pledgedBy[msg.sender] = have - amount;
        totalPledged -= amount;
        _send(msg.sender, amount);
        emit Unpledged(msg.sender, amount);
    }

    function claim() external afterDeadline {
        if (msg.sender != creator) revert NotCreator();
        if (totalPledged < goal) revert GoalNotReached(totalPledged, goal);
        if (claimed) revert AlreadyClaimed();
        claimed = true;
        uint256 amount = address(this).balance;
        _send(creator, amount);
        emit Claimed(amount);
    }

    function refund() external afterDeadline {
        if (totalPledged >= goal) revert GoalReached();
        uint256 amount = pledgedBy[msg.sender];
        if (amount == 0) revert NothingToRefund();
        pledgedBy[msg.sender] = 0;
        _send(msg.sender, amount);
        emit Refunded(msg.sender, amount);
    }

    function _send(address to, uint256 amount) private {
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert TransferFailed();
    }
}
