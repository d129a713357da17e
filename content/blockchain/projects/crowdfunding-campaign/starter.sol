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

    address public creator;
    uint256 public goal;
    uint256 public deadline;
    uint256 public totalPledged;
    mapping(address => uint256) public pledgedBy;

    constructor(uint256 goal_, uint256 duration) {
        // Write your code here.
    }

    function pledge() external payable {
        // Write your code here.
    }

    function unpledge(uint256 amount) external {
        // Write your code here.
    }

    function claim() external {
        // Write your code here.
    }

    function refund() external {
        // Write your code here.
    }
}
