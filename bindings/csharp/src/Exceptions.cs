using System;
using System.IO;

namespace LibShogi
{
    /// <summary>The library's status codes (shogi_status_t).</summary>
    public enum Status
    {
        /// <summary>Success.</summary>
        Ok = 0,
        /// <summary>An argument out of range or malformed.</summary>
        InvalidArgument = -1,
        /// <summary>A required pointer was NULL.</summary>
        NullPointer = -2,
        /// <summary>A freed handle or one of another kind.</summary>
        BadHandle = -3,
        /// <summary>A caller's buffer was too small (the binding retries).</summary>
        BufferTooSmall = -4,
        /// <summary>Text that does not parse.</summary>
        Parse = -5,
        /// <summary>A move that is not legal in the position.</summary>
        IllegalMove = -6,
        /// <summary>The object does not allow the call now.</summary>
        State = -7,
        /// <summary>A file could not be read or written.</summary>
        IO = -8,
        /// <summary>Not available in this build or on this CPU.</summary>
        Unsupported = -9,
        /// <summary>A recovered panic inside the library.</summary>
        Internal = -100,
    }

    /// <summary>What every exception of the library carries: its status
    /// code. Catch a library error of any kind with
    /// <c>catch (Exception e) when (e is IShogiError)</c>; each kind derives
    /// from the matching .NET exception (ArgumentException,
    /// InvalidOperationException, FormatException, IOException,
    /// NotSupportedException), so code that catches those catches it too.</summary>
    public interface IShogiError
    {
        /// <summary>The library's status code.</summary>
        Status Status { get; }
    }

    /// <summary>An error reported by libshogi with no more specific .NET
    /// base type (SHOGI_E_INTERNAL and unknown codes).
    /// <see cref="Exception.Message"/> is the library's own message.</summary>
    public class ShogiException : Exception, IShogiError
    {
        /// <summary>The library's status code.</summary>
        public Status Status { get; private set; }

        /// <summary>An error with a status and message.</summary>
        /// <param name="status">the status code</param>
        /// <param name="message">the library's message</param>
        public ShogiException(Status status, string message) : base(message)
        {
            Status = status;
        }

        /// <summary>The exception type for a status code: the most specific
        /// one there is.</summary>
        /// <param name="status">the status code</param>
        /// <param name="message">the library's message</param>
        /// <returns>the exception (not thrown)</returns>
        public static Exception FromStatus(Status status, string message)
        {
            switch (status)
            {
                case Status.InvalidArgument:
                case Status.NullPointer:
                    return new ShogiArgumentException(status, message);
                case Status.BadHandle:
                    return new ShogiBadHandleException(message);
                case Status.Parse:
                    return new ShogiParseException(message);
                case Status.IllegalMove:
                    return new IllegalMoveException(message);
                case Status.State:
                    return new ShogiStateException(message);
                case Status.IO:
                    return new ShogiIOException(message);
                case Status.Unsupported:
                    return new ShogiUnsupportedException(message);
                case Status.Internal:
                    return new ShogiInternalException(message);
                default:
                    return new ShogiException(status, message);
            }
        }
    }

    /// <summary>SHOGI_E_INVALID_ARGUMENT or SHOGI_E_NULL_POINTER: an
    /// <see cref="ArgumentException"/>.</summary>
    public class ShogiArgumentException : ArgumentException, IShogiError
    {
        /// <summary>The library's status code.</summary>
        public Status Status { get; private set; }

        /// <summary>An argument error.</summary>
        /// <param name="status">InvalidArgument or NullPointer</param>
        /// <param name="message">the library's message</param>
        public ShogiArgumentException(Status status, string message) : base(message)
        {
            Status = status;
        }
    }

    /// <summary>SHOGI_E_BAD_HANDLE: the object was freed or is of another
    /// kind (an <see cref="InvalidOperationException"/>).</summary>
    public class ShogiBadHandleException : InvalidOperationException, IShogiError
    {
        /// <summary>Always <see cref="Status.BadHandle"/>.</summary>
        public Status Status { get { return Status.BadHandle; } }

        /// <summary>A bad-handle error.</summary>
        /// <param name="message">the library's message</param>
        public ShogiBadHandleException(string message) : base(message) { }
    }

    /// <summary>SHOGI_E_PARSE: text (SFEN, USI move, file) could not be
    /// parsed (a <see cref="FormatException"/>).</summary>
    public class ShogiParseException : FormatException, IShogiError
    {
        /// <summary>Always <see cref="Status.Parse"/>.</summary>
        public Status Status { get { return Status.Parse; } }

        /// <summary>A parse error.</summary>
        /// <param name="message">the library's message (with the line number for files)</param>
        public ShogiParseException(string message) : base(message) { }
    }

    /// <summary>SHOGI_E_ILLEGAL_MOVE: a well-formed move that is not legal
    /// here (an <see cref="ArgumentException"/>: the move argument is wrong).</summary>
    public class IllegalMoveException : ArgumentException, IShogiError
    {
        /// <summary>Always <see cref="Status.IllegalMove"/>.</summary>
        public Status Status { get { return Status.IllegalMove; } }

        /// <summary>An illegal-move error.</summary>
        /// <param name="message">the library's message</param>
        public IllegalMoveException(string message) : base(message) { }
    }

    /// <summary>SHOGI_E_STATE: the object does not allow the call now (undo
    /// with nothing to undo, a second search on a busy engine ...): an
    /// <see cref="InvalidOperationException"/>.</summary>
    public class ShogiStateException : InvalidOperationException, IShogiError
    {
        /// <summary>Always <see cref="Status.State"/>.</summary>
        public Status Status { get { return Status.State; } }

        /// <summary>A state error.</summary>
        /// <param name="message">the message</param>
        public ShogiStateException(string message) : base(message) { }
    }

    /// <summary>SHOGI_E_IO: a file could not be read or written (an
    /// <see cref="IOException"/>). A file that does not exist is reported
    /// as <see cref="FileNotFoundException"/> by every loader of the binding.</summary>
    public class ShogiIOException : IOException, IShogiError
    {
        /// <summary>Always <see cref="Status.IO"/>.</summary>
        public Status Status { get { return Status.IO; } }

        /// <summary>An I/O error.</summary>
        /// <param name="message">the library's message</param>
        public ShogiIOException(string message) : base(message) { }
    }

    /// <summary>SHOGI_E_UNSUPPORTED: not available in this build or on this
    /// CPU (a <see cref="NotSupportedException"/>).</summary>
    public class ShogiUnsupportedException : NotSupportedException, IShogiError
    {
        /// <summary>Always <see cref="Status.Unsupported"/>.</summary>
        public Status Status { get { return Status.Unsupported; } }

        /// <summary>An unsupported-feature error.</summary>
        /// <param name="message">the library's message</param>
        public ShogiUnsupportedException(string message) : base(message) { }
    }

    /// <summary>SHOGI_E_INTERNAL: a panic inside the library, recovered. The
    /// object involved is poisoned: dispose of it.</summary>
    public class ShogiInternalException : ShogiException
    {
        /// <summary>An internal error.</summary>
        /// <param name="message">the library's message</param>
        public ShogiInternalException(string message) : base(Status.Internal, message) { }
    }

    // The caller-owned shogi_error_t as a pinned byte array.
    internal static class Errors
    {
        internal const int MessageSize = 256;            // SHOGI_ERROR_MESSAGE_SIZE
        internal const int StructSize = 4 + MessageSize; // int32_t code + message

        internal static byte[] New()
        {
            return new byte[StructSize];
        }

        internal static void Check(int status, byte[] err)
        {
            if (status != 0)
                throw Create(status, err);
        }

        internal static Exception Create(int status, byte[] err)
        {
            string message = err != null ? Utf8.Decode(err, 4, MessageSize) : "";
            if (message.Length == 0)
                message = Library.StatusName((Status)status);
            return ShogiException.FromStatus((Status)status, message);
        }
    }
}
