package dev.wowcompat.sample.bank.account;

public enum AccountType { CHECKING, SAVINGS }
