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

    address public immutable owner;
    uint256 public immutable maxSupply;
    uint256 public immutable maxPerWallet;
    uint256 public immutable price;
    uint256 public totalSupply;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public mintedBy;
    mapping(uint256 => address) private _approved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    constructor(uint256 maxSupply_, uint256 maxPerWallet_, uint256 price_) {
        owner = msg.sender;
        maxSupply = maxSupply_;
        maxPerWallet = maxPerWallet_;
        price = price_;
    }

    function mint() external payable returns (uint256 id) {
        if (msg.value != price) revert WrongPayment(price, msg.value);
        if (totalSupply >= maxSupply) revert SoldOut();
        if (mintedBy[msg.sender] >= maxPerWallet) revert WalletLimit(maxPerWallet);
        mintedBy[msg.sender] += 1;
        id = ++totalSupply;
        _owners[id] = msg.sender;
        balanceOf[msg.sender] += 1;
        emit Transfer(address(0), msg.sender, id);
    }

    function ownerOf(uint256 id) public view returns (address holder) {
        holder = _owners[id];
        if (holder == address(0)) revert NonexistentToken(id);
    }

    function getApproved(uint256 id) external view returns (address) {
        ownerOf(id);
        return _approved[id];
    }

    function approve(address to, uint256 id) external {
        address holder = ownerOf(id);
        if (msg.sender != holder && !isApprovedForAll[holder][msg.sender]) revert NotAuthorized();
        _approved[id] = to;
        emit Approval(holder, to, id);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 id) external {
        address holder = ownerOf(id);
        if (msg.sender != holder && msg.sender != _approved[id] && !isApprovedForAll[holder][msg.sender])
            revert NotAuthorized();
        if (from != holder) revert WrongOwner(holder);
        if (to == address(0)) revert ZeroAddress();
        delete _approved[id];
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        _owners[id] = to;
        emit Transfer(from, to, id);
    }

    function withdraw() external {
        if (msg.sender != owner) revert NotOwner();
        uint256 amount = address(this).balance;
        (bool ok, ) = owner.call{value: amount}("");
        if (!ok) revert TransferFailed();
        emit Withdrawn(amount);
    }
}
