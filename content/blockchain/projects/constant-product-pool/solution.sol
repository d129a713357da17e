// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract Pool {
    error ZeroAmount();
    error InvalidToken(address token);
    error Slippage(uint256 amountOut, uint256 minOut);
    error InsufficientShares(uint256 have, uint256 want);
    error TransferFailed();

    event LiquidityAdded(address indexed provider, uint256 amountA, uint256 amountB, uint256 shares);
    event LiquidityRemoved(address indexed provider, uint256 amountA, uint256 amountB, uint256 shares);
    event Swapped(address indexed trader, address indexed tokenIn, uint256 amountIn, uint256 amountOut);

    IERC20 public immutable tokenA;
    IERC20 public immutable tokenB;
    uint256 public reserveA;
    uint256 public reserveB;
    uint256 public totalShares;
    mapping(address => uint256) public sharesOf;

    constructor(address tokenA_, address tokenB_) {
        tokenA = IERC20(tokenA_);
        tokenB = IERC20(tokenB_);
    }

    function reserves() external view returns (uint256, uint256) {
        return (reserveA, reserveB);
    }

    function addLiquidity(uint256 amountA, uint256 amountB) external returns (uint256 shares) {
        if (amountA == 0 || amountB == 0) revert ZeroAmount();
        if (totalShares == 0) {
            shares = _sqrt(amountA * amountB);
        } else {
            shares = _min((amountA * totalShares) / reserveA, (amountB * totalShares) / reserveB);
        }
        if (shares == 0) revert ZeroAmount();
        sharesOf[msg.sender] += shares;
        totalShares += shares;
        reserveA += amountA;
        reserveB += amountB;
        _pull(tokenA, amountA);
        _pull(tokenB, amountB);
        emit LiquidityAdded(msg.sender, amountA, amountB, shares);
    }

    function removeLiquidity(uint256 shares) external returns (uint256 amountA, uint256 amountB) {
        if (shares == 0) revert ZeroAmount();
        uint256 have = sharesOf[msg.sender];
        if (shares > have) revert InsufficientShares(have, shares);
        amountA = (shares * reserveA) / totalShares;
        amountB = (shares * reserveB) / totalShares;
        sharesOf[msg.sender] = have - shares;
        totalShares -= shares;
        reserveA -= amountA;
        reserveB -= amountB;
        _push(tokenA, msg.sender, amountA);
        _push(tokenB, msg.sender, amountB);
        emit LiquidityRemoved(msg.sender, amountA, amountB, shares);
    }

    function getAmountOut(address tokenIn, uint256 amountIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _reservesFor(tokenIn);
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function swap(address tokenIn, uint256 amountIn, uint256 minOut) external returns (uint256 amountOut) {
        if (amountIn == 0) revert ZeroAmount();
        amountOut = getAmountOut(tokenIn, amountIn);
        if (amountOut < minOut) revert Slippage(amountOut, minOut);
        bool aIn = tokenIn == address(tokenA);
        if (aIn) {
            reserveA += amountIn;
            reserveB -= amountOut;
        } else {
            reserveB += amountIn;
            reserveA -= amountOut;
        }
        _pull(aIn ? tokenA : tokenB, amountIn);
        _push(aIn ? tokenB : tokenA, msg.sender, amountOut);
        emit Swapped(msg.sender, tokenIn, amountIn, amountOut);
    }

    function _reservesFor(address tokenIn) private view returns (uint256, uint256) {
        if (tokenIn == address(tokenA)) return (reserveA, reserveB);
        if (tokenIn == address(tokenB)) return (reserveB, reserveA);
        revert InvalidToken(tokenIn);
    }

    function _pull(IERC20 token, uint256 amount) private {
        if (!token.transferFrom(msg.sender, address(this), amount)) revert TransferFailed();
    }

    function _push(IERC20 token, address to, uint256 amount) private {
        if (!token.transfer(to, amount)) revert TransferFailed();
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}
