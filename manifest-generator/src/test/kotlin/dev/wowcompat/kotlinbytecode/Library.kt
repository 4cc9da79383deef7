package dev.wowcompat.kotlinbytecode

import java.util.Optional

/** Kotlin handlers whose events only the bytecode names: a list of two, a singleton object, one built in a lambda. */
data class LendBook(val isbn: String, val reader: String)

data class BookLent(val isbn: String, val reader: String)

data class LoanLogged(val reader: String)

class CloseShelves

object ShelvesClosed

data class RenameReader(val reader: String)

data class ReaderRenamed(val reader: String)

class Library {
    fun onCommand(command: LendBook): Iterable<*> = listOf(BookLent(command.isbn, command.reader), LoanLogged(command.reader))

    fun onCommand(command: CloseShelves): ShelvesClosed = ShelvesClosed

    fun onCommand(command: RenameReader): ReaderRenamed =
        Optional.of(command.reader).map { ReaderRenamed(it) }.orElseThrow()
}
