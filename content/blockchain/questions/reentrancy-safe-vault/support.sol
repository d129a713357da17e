// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IVault {
    function deposit() external payable;
    function withdraw() external;
}

/// Deposits, then withdraws and tries to withdraw again from inside the payment (up to five times).
contract Attacker {
    IVault public immutable vault;
    uint256 public reentries;

    constructor(address vault_) {
        vault = IVault(vault_);
    }

    function attack() external payable {
        vault.deposit{value: msg.value}();
        vault.withdraw();
    }

    receive() external payable {
        if (reentries < 5 && address(vault).balance >= msg.value && msg.value > 0) {
            reentries++;
            try vault.withdraw() {} catch {}
        }
    }
}

/// A depositor that refuses every payment.
contract Rejecter {
    IVault public immutable vault;

    constructor(address vault_) {
        vault = IVault(vault_);
    }

    function depositAll() external payable {
        vault.deposit{value: msg.value}();
    }

    function withdrawAll() external {
        vault.withdraw();
    }

    receive() external payable {
        revert("no thanks");
    }
}
