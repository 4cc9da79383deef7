package dev.wowcompat.cli.sampleservice;

public record BorrowBook(String isbn, int days) {}
